// The mark on a result whose inputs changed after it was made (an edit, Clear or an import): it stays readable
// under the labels it was made with, and says so, instead of silently matching the new list.
export function PreviousInputs({ subject }: { subject: string }) {
  return (
    <p className="warn-banner small" data-testid="previous-inputs">
      {subject} from the previous inputs: they changed since. Send again to update.
    </p>
  )
}
