import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd';
import { placeServerErrors } from './serverErrors';

/** What a form shows of a failed call: see useServerFormErrors. */
export interface ServerFormErrors {
  /** The messages for the alert above the form (`<FormProblems problems={...} />`). */
  problems: string[];
  /** Before a new try: no alert. */
  clear(): void;
  /** A failed call: its 400 messages at the form's fields, the rest in `problems`. */
  show(error: unknown): void;
  /** Runs a save: clears the alert first, and shows what the save throws. */
  run(save: () => Promise<void>): Promise<void>;
}

/**
 * A form's server errors: a 400's messages at the fields named (`placeServerErrors`),
 * everything else (other fields, a failure that is not a 400) kept for an alert above
 * the form.
 *
 * @example
 * const errors = useServerFormErrors(form, fieldNames);
 * const save = (values: Values) =>
 *   errors.run(async () => {
 *     await update(values).unwrap();
 *     onClose();
 *   });
 * // <FormProblems problems={errors.problems} /> above the form
 */
export function useServerFormErrors<T>(
  form: FormInstance<T>,
  fieldNames: ReadonlyArray<keyof T & string>,
): ServerFormErrors {
  const [problems, setProblems] = useState<string[]>([]);
  const clear = useCallback(() => setProblems([]), []);
  const show = useCallback(
    (error: unknown) => setProblems(placeServerErrors(form, error, fieldNames).messages),
    [form, fieldNames],
  );
  const run = useCallback(
    async (save: () => Promise<void>) => {
      clear();
      try {
        await save();
      } catch (error) {
        show(error);
      }
    },
    [clear, show],
  );
  return { problems, clear, show, run };
}
