import { get } from '../../runtime/api';
import { Section, type AccountCopy, type Actions } from './parts';

/** A copy of the member's data (decision 0040), saved as a JSON file; a failure is the API's toast. */
export function DataSection(props: { copy: AccountCopy; actions: Actions }) {
  const { copy, actions } = props;
  function download() {
    void actions.act(async () => {
      const copyOfData = await get<object>('/account/user/data');
      const file = new Blob([JSON.stringify(copyOfData, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `robolux-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    });
  }
  return (
    <Section id="account-data" title={copy.data}>
      <p>{copy.dataHint}</p>
      <button className="button" type="button" onClick={download} disabled={actions.busy}>
        {copy.dataButton}
      </button>
    </Section>
  );
}
