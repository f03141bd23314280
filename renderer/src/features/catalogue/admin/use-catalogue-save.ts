import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../api/queries';
import { serverProblems } from './server-problems';

type BodyResult<Body> = { ok: true; body: Body } | { ok: false; errors: Partial<Record<string, string>> };

export interface CatalogueSaveOptions<Values, Body, Saved> {
  /** The form's own error setter: its check's errors and the server's field errors land there. */
  setErrors: (errors: Partial<Record<string, string>>) => void;
  /** The form's values as the body the desk takes, or the errors the form finds first. */
  toBody: (values: Values) => BodyResult<Body>;
  /** Create or change: the call the desk answers. */
  save: (body: Body) => Promise<Saved>;
  /** The server's field names → the form's (refusals of other fields show above the form). */
  fieldOf: Record<string, string>;
  onSaved: (saved: Saved) => void;
}

/**
 * Saving a product or an upgrade form: the form's own check, then the desk's answer, its field
 * refusals beside their fields and the rest above the form; the catalogue refetched either way.
 */
export function useCatalogueSave<Values, Body, Saved>({
  setErrors,
  toBody,
  save,
  fieldOf,
  onSaved,
}: CatalogueSaveOptions<Values, Body, Saved>) {
  const [general, setGeneral] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: save,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogue }),
  });
  const submit = (values: Values) => {
    const result = toBody(values);
    if (!result.ok) return setErrors(result.errors);
    mutation.mutate(result.body, {
      onSuccess: onSaved,
      onError: (error) => {
        const problems = serverProblems(error, fieldOf);
        setErrors(problems.fields);
        setGeneral(problems.general);
      },
    });
  };
  return { submit, pending: mutation.isPending, general, clearGeneral: () => setGeneral(undefined) };
}
