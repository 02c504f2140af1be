/**
 * Longest address accepted (RFC 5321): the field stops typing there, and the address rule
 * (kernel/rules.ts, which every other user imports it from) holds an address to it. Written
 * here, not in the rule's module, so the islands that show the field without checking an
 * address (the lucky draw, the support forms) do not download the rule's patterns with it.
 */
export const EMAIL_MAX = 254;

/** What tells one email field from another: its form's id, name, value and messages. */
interface EmailFieldProps {
  id: string;
  /** The form field's name; `email` everywhere so far. */
  name?: string;
  defaultValue?: string;
  placeholder?: string;
  /** Whether the address was refused (sets `aria-invalid`). */
  invalid?: boolean;
  /** The ids of what describes the field, its error or status line, space-separated. */
  describedBy?: string;
}

/**
 * The one email input: every form that asks for an address (log-in, forgotten password,
 * newsletter, new-user popup, lucky draw, support forms) renders it, on the server and in its
 * island, so each has the same autofill, mobile keyboard, length limit and required state,
 * and says which message describes it.
 */
export function EmailField({ id, name = 'email', defaultValue, placeholder, invalid, describedBy }: EmailFieldProps) {
  return (
    <input
      id={id}
      name={name}
      type="email"
      autoComplete="email"
      inputMode="email"
      maxLength={EMAIL_MAX}
      required
      defaultValue={defaultValue}
      placeholder={placeholder}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
    />
  );
}
