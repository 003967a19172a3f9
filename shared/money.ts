/** Domain code counts money in poisha; the JSON API and forms speak Tk. This is the only place they meet. */
export function poishaToTk(poisha: number): number {
  return poisha / 100;
}

export function tkToPoisha(tk: number): number {
  return Math.round(tk * 100);
}
