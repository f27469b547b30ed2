// The dataset: a CSV, JSONL or JSON file read in main (columns become the prompt's variables; bad rows named by
// line and field, the rest kept), or a suite from promptfoo or OpenAI Evals (its dataset, prompt, variants and
// graders); its rows in a virtualised table to search and edit (DatasetTable).
import { useRef } from 'react'
import { formatBytes } from '../../components/inspector/SaveCapture'
import { useEvalsStore } from '../../stores/evals'
import { activeProfile, useProfilesStore } from '../../stores/profiles'
import { DatasetTable } from './DatasetTable'

export function DatasetSection() {
  const s = useEvalsStore()
  const file = useRef<HTMLInputElement>(null)
  const promptfoo = useRef<HTMLInputElement>(null)
  const openai = useRef<HTMLInputElement>(null)
  const profileId = useProfilesStore(activeProfile)?.id ?? ''
  const d = s.dataset
  return (
    <section className="evals-section" aria-labelledby="evals-dataset">
      <div className="evals-inline">
        <h2 id="evals-dataset">Dataset</h2>
        <button type="button" disabled={s.importing} onClick={() => file.current?.click()}>
          {s.importing ? 'Reading…' : d ? 'Import another file…' : 'Import dataset…'}
        </button>
        <span className="muted small">
          CSV (a header row), JSONL (an object a line) or JSON (an array of objects); each column is a
          variable, <code>{'{{expected}}'}</code> included.
        </span>
        <input
          ref={file}
          type="file"
          accept=".csv,.jsonl,.ndjson,.json,text/csv,application/json"
          hidden
          aria-label="Import dataset file"
          onChange={(e) => {
            const picked = e.target.files?.[0]
            e.target.value = ''
            if (picked) void s.importDataset(picked)
          }}
        />
        <button
          type="button"
          disabled={s.importing}
          onClick={() => promptfoo.current?.click()}
          title="Pick promptfooconfig.yaml together with the prompt and test files it names"
        >
          Import promptfoo config…
        </button>
        <button
          type="button"
          disabled={s.importing}
          onClick={() => openai.current?.click()}
          title="Pick the dataset (.jsonl of item lines) and, if you have it, the eval (.json with testing_criteria)"
        >
          Import OpenAI Evals…
        </button>
        {(
          [
            [
              promptfoo,
              'promptfoo',
              '.yaml,.yml,.txt,.md,.csv,.json,.jsonl',
              'Import promptfoo config files',
            ],
            [openai, 'openai', '.jsonl,.ndjson,.json', 'Import OpenAI Evals files'],
          ] as const
        ).map(([ref, kind, accept, label]) => (
          <input
            key={kind}
            ref={ref}
            type="file"
            multiple
            accept={accept}
            hidden
            aria-label={label}
            onChange={(e) => {
              const picked = [...(e.target.files ?? [])]
              e.target.value = ''
              if (picked.length) void s.importSuite(kind, picked, profileId)
            }}
          />
        ))}
      </div>
      {s.importStep && (
        <p className="small" role="status" data-testid="dataset-import-step">
          {s.importStep.sent < s.importStep.size
            ? `Sending ${s.importStep.name} to be read: ${Math.floor((s.importStep.sent / s.importStep.size) * 100)} % of ${formatBytes(s.importStep.size)}…`
            : `Reading ${s.importStep.name} (${formatBytes(s.importStep.size)}): its rows, and any that cannot be kept…`}
        </p>
      )}
      {s.suiteNote && d && (
        <p className="small" role="status" data-testid="suite-note">
          {s.suiteNote}
        </p>
      )}
      {!d && <p className="muted">No dataset yet. Import a file to start.</p>}
      {d && (
        <>
          <p className="small" role="status" data-testid="dataset-summary">
            <strong>{d.name}</strong>: {d.rowCount.toLocaleString('en')} row{d.rowCount === 1 ? '' : 's'},
            variables{' '}
            {d.columns.map((c) => (
              <code key={c} className="evals-var">{`{{${c}}}`}</code>
            ))}
          </p>
          {d.problemCount > 0 && (
            <details className="evals-problems" open={d.problemCount <= 5}>
              <summary className="small evals-problem-count">
                {d.problemCount} row{d.problemCount === 1 ? '' : 's'} left out or changed
              </summary>
              <ul className="small">
                {d.problems.map((p, i) => (
                  <li key={i}>
                    {p.where ?? `Line ${p.line}`}
                    {p.field ? `, ${p.field}` : ''}: {p.message}
                  </li>
                ))}
                {d.problemCount > d.problems.length && (
                  <li className="muted">…and {d.problemCount - d.problems.length} more</li>
                )}
              </ul>
            </details>
          )}
          {d.unmapped.length > 0 && <p className="small muted">Not used: {d.unmapped.join(', ')}</p>}
          <DatasetTable d={d} locked={!!s.run && !s.run.ended} />
        </>
      )}
    </section>
  )
}
