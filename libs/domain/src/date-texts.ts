/**
 * Date texts that several message objects name (a memorial's dates, the data export, the
 * household, the death report), each object still reading whole in every language: written once,
 * in a file of their own, so that naming one does not bring another screen's messages into a
 * page (issue 26: a memorial's page carried the data export's and the household's).
 */
export const DateTexts = {
  invalidDate: 'Please enter a valid date',
  birthDateInFuture: 'Date of birth cannot be in the future',
  deathDateInFuture: 'Date of death cannot be in the future',
};
