/**
 * An e-mail address inside a sentence: isolated left-to-right (it reads the same in Arabic text), and allowed
 * to break after its "@" rather than anywhere on a narrow screen. As a Trans component it ignores the
 * children the translation gives it.
 */
export function Address({ value, className = 'fw-semibold' }: { value: string; className?: string }) {
  const at = value.lastIndexOf('@');
  return (
    <bdi dir="ltr" className={className}>
      {at > 0 ? (
        <>
          {value.slice(0, at + 1)}
          <wbr />
          {value.slice(at + 1)}
        </>
      ) : (
        value
      )}
    </bdi>
  );
}
