/**
 * Allowed upload types as a reader would say them: ['pdf', 'jpg', 'jpeg', 'png'] →
 * "PDF, JPG and PNG" (JPEG is the same format as JPG, so it is named once); in another
 * language, joined as it joins a list ("PDF وJPG وPNG").
 */
export function formatFileTypes(types: readonly string[], locale = 'en'): string {
  const names: string[] = [];
  for (const type of types) {
    const name = type.trim().replace(/^\./, '').toUpperCase();
    const spoken = name === 'JPEG' ? 'JPG' : name;
    if (spoken && !names.includes(spoken)) names.push(spoken);
  }
  if (names.length <= 1) return names.join('');
  if (locale !== 'en') return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
