// The Cases panel: the suites of saved cases (create, rename, delete, import and export as JSON files), the cases
// of the chosen suite with their assertions, and the matrix run of that suite against chosen targets.
import { useEffect, useRef, useState } from 'react'
import { SUITE_IMPORT_CHARS } from '../../../../shared/ipc/cases'
import { useCasesStore } from '../../stores/cases'
import { describeAssertion } from './assertionText'
import { MatrixSection } from './MatrixSection'
import { CaseToolServer } from './CaseToolServer'
import './cases.css'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

export function CasesPanel() {
  const s = useCasesStore()
  const load = s.load
  useEffect(() => {
    void load()
  }, [load])
  const suite = s.suites.find((x) => x.id === s.selectedId) ?? null
  return (
    <section className="panel cases-panel" aria-labelledby="cases-title">
      <header className="panel-header">
        <h1 id="cases-title">Cases</h1>
        <p className="muted">
          Saved runs with the checks their answers must pass, run as a matrix across formats, models and
          profiles. Save a case from a finished run in Text or History.
        </p>
      </header>
      <SuiteToolbar />
      <ErrorBanner>{s.error}</ErrorBanner>
      {s.notice && (
        <p className="muted small" role="status">
          {s.notice}
        </p>
      )}
      <div className="cases-body">
        <nav className="suite-list" aria-label="Suites">
          {s.suites.length === 0 && s.loaded && (
            <p className="muted small">No suites yet. Create one, import a file, or save a run as a case.</p>
          )}
          <ul>
            {s.suites.map((x) => (
              <li key={x.id}>
                <button
                  type="button"
                  className={`suite-item${x.id === s.selectedId ? ' selected' : ''}`}
                  aria-current={x.id === s.selectedId || undefined}
                  onClick={() => s.select(x.id)}
                >
                  <span className="suite-name">{x.name}</span>
                  <span className="muted small">
                    {x.cases.length} case{x.cases.length === 1 ? '' : 's'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="suite-detail">{suite ? <SuiteDetail key={suite.id} /> : null}</div>
      </div>
    </section>
  )
}

function SuiteToolbar() {
  const createSuite = useCasesStore((s) => s.createSuite)
  const importText = useCasesStore((s) => s.importText)
  const [name, setName] = useState('')
  const [tried, setTried] = useState(false)
  const file = useRef<HTMLInputElement>(null)
  const error = tried && !name.trim() ? 'Name: give the suite a name' : null
  return (
    <div className="cases-toolbar" role="group" aria-label="Suites">
      <form
        className="cases-inline"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          setTried(true)
          if (!name.trim()) return
          void createSuite(name.trim()).then((ok) => {
            if (ok) {
              setName('')
              setTried(false)
            }
          })
        }}
      >
        <label className="cases-inline">
          New suite
          <input
            value={name}
            placeholder="Suite name"
            aria-invalid={!!error || undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="submit">Create suite</button>
        {error && <span className="field-error">{error}</span>}
      </form>
      <button type="button" onClick={() => file.current?.click()}>
        Import suite…
      </button>
      <input
        ref={file}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="Import suite file"
        onChange={(e) => {
          const picked = e.target.files?.[0]
          e.target.value = ''
          if (!picked) return
          if (picked.size > SUITE_IMPORT_CHARS)
            return useCasesStore.setState({
              notice: null,
              error: `${picked.name}: file: at most ${SUITE_IMPORT_CHARS.toLocaleString('en')} characters`,
            })
          void picked.text().then((text) => importText(text, picked.name))
        }}
      />
    </div>
  )
}

function SuiteDetail() {
  const s = useCasesStore()
  const suite = s.suites.find((x) => x.id === s.selectedId)!
  const [renaming, setRenaming] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const renameError = renaming !== null && !renaming.trim() ? 'Name: give the suite a name' : null
  return (
    <section aria-label={`Suite ${suite.name}`}>
      <div className="suite-head">
        {renaming === null ? (
          <h2>{suite.name}</h2>
        ) : (
          <form
            className="cases-inline"
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              if (renameError) return
              void s.renameSuite(suite.id, renaming.trim()).then((ok) => ok && setRenaming(null))
            }}
          >
            <label className="cases-inline">
              Suite name
              <input
                value={renaming}
                autoFocus
                aria-invalid={!!renameError || undefined}
                onChange={(e) => setRenaming(e.target.value)}
              />
            </label>
            <button type="submit" className="primary">
              Save name
            </button>
            <button type="button" onClick={() => setRenaming(null)}>
              Cancel
            </button>
            {renameError && <span className="field-error">{renameError}</span>}
          </form>
        )}
        <div className="cases-inline">
          {renaming === null && (
            <button type="button" onClick={() => setRenaming(suite.name)}>
              Rename
            </button>
          )}
          <button type="button" onClick={() => void s.exportSuite(suite.id)}>
            Export JSON
          </button>
          {confirming ? (
            <>
              <span className="small">Delete “{suite.name}” and its cases?</span>
              <button
                type="button"
                className="danger"
                onClick={() => {
                  setConfirming(false)
                  void s.deleteSuite(suite.id)
                }}
              >
                Delete
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </>
          ) : (
            <button type="button" className="danger" onClick={() => setConfirming(true)}>
              Delete suite
            </button>
          )}
        </div>
      </div>
      {s.exported && (
        <p className="small" role="status">
          Exported:{' '}
          <a href={s.exported.url} download={s.exported.name}>
            Download {s.exported.name}
          </a>
        </p>
      )}
      {suite.cases.length === 0 ? (
        <p className="muted">
          No cases in this suite. In Text or History, a finished run offers “Save as case”.
        </p>
      ) : (
        <ol className="case-list" aria-label="Cases in the suite">
          {suite.cases.map((c) => (
            <li key={c.id} className="case-item">
              <div className="case-item-head">
                <strong>{c.name}</strong>
                <span className="muted small mono">{c.model}</span>
                <button
                  type="button"
                  className="ghost"
                  aria-label={`Remove case ${c.name}`}
                  onClick={() => void s.removeCase(suite.id, c.id)}
                >
                  Remove
                </button>
              </div>
              {c.prompt && <p className="muted small case-prompt">{c.prompt}</p>}
              {c.toolRound && <CaseToolServer round={c.toolRound} />}
              <ul className="small case-assertions">
                {c.assertions.map((a, i) => (
                  <li key={i}>{describeAssertion(a)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <MatrixSection suite={suite} />
    </section>
  )
}
