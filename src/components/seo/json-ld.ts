// JSON-LD goes into a <script> element as raw text, so anything that could close the element
// or open a comment ("</script>", "<!--") must not appear literally. JSON allows \u escapes in
// strings, and "<" only ever occurs inside strings, so escaping it is lossless. U+2028/U+2029
// are escaped too because some older parsers treat them as line ends inside strings.
export function jsonLdScriptText(data: object): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
