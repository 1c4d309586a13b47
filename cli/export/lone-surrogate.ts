/**
 * The first unpaired UTF-16 surrogate in `text` (its index), or `undefined`. Such a character is not
 * Unicode text: UTF-8 cannot encode it, so no Pulumi program, state or engine message can carry it.
 */
export function loneSurrogateAt(text: string): number | undefined {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    else return i;
  }
  return undefined;
}
