/** `npm run backup` or `npm run restore` will not go on: the message is one line that says why and what to do. */
export class Refused extends Error {}
