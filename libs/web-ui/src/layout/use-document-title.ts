import { useEffect } from 'react';

/** How a client names itself in the tab: the member site "Sign in · JIBS", the console "Users | JIBS Admin". */
export interface TitleStyle {
  site: string;
  separator: string;
}

export const MEMBER_SITE_TITLE: TitleStyle = { site: 'JIBS', separator: ' · ' };
export const ADMIN_CONSOLE_TITLE: TitleStyle = { site: 'JIBS Admin', separator: ' | ' };

/** The tab's title for a screen: "Sign in · JIBS"; the site's name alone for no title. */
export function documentTitle(title: string, style: TitleStyle = MEMBER_SITE_TITLE): string {
  return title ? `${title}${style.separator}${style.site}` : style.site;
}

/** Sets the browser tab's title for a screen. Screen readers announce it too. */
export function useDocumentTitle(title: string, style: TitleStyle = MEMBER_SITE_TITLE): void {
  useEffect(() => {
    document.title = documentTitle(title, style);
  }, [title, style]);
}
