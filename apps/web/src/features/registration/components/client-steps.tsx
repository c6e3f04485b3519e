import { lazy, type ComponentProps } from 'react';

// The screens of the wizard that use the Apollo client: the code entry of a new sign-up and a
// signed-in member's wizard. A module between them and step 1 (register-page.tsx loads it when
// one is reached), so that step 1's first load does not list their many chunks (issue 26).
const loadMemberWizard = () => import('./member-wizard');
const CodeEntry = lazy(() =>
  import('./sign-up-code-entry').then((m) => ({ default: m.SignUpCodeEntry })),
);
const Wizard = lazy(() => loadMemberWizard().then((m) => ({ default: m.MemberWizard })));

/** Fetches the member's wizard ahead (the code entry's Verify makes the visitor a member). */
export const preloadMemberWizard = (): void => void loadMemberWizard();

export function SignUpCodeEntry(props: ComponentProps<typeof CodeEntry>) {
  return <CodeEntry {...props} />;
}

export function MemberWizard(props: ComponentProps<typeof Wizard>) {
  return <Wizard {...props} />;
}
