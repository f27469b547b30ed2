// Code export of one request as curl, TypeScript and Python, ready to paste. The snippets come from main's
// code export, which never writes a credential: they read the key from an environment variable, as the note says.
import { useState } from 'react'
import type { CodeSnippets } from '../../../../shared/wire/codeExport'
import { GATEWAY_API_KEY_ENV } from '../../../../shared/wire/codeExport'
import { CopyButton } from './CopyButton'
import { Tabs } from '../tabs/Tabs'
import './inspector.css'

export type CodeLanguage = keyof CodeSnippets

export interface CodeExportProps {
  code: CodeSnippets
  /** The variable the snippets read the key from; default `GATEWAY_API_KEY`. */
  envVar?: string
  /** Accessible name of the language tabs; default "Code export". */
  label?: string
}

const LANGUAGES: readonly { id: CodeLanguage; label: string }[] = [
  { id: 'curl', label: 'curl' },
  { id: 'typescript', label: 'TypeScript' },
  { id: 'python', label: 'Python' },
]

export function CodeExport({ code, envVar = GATEWAY_API_KEY_ENV, label = 'Code export' }: CodeExportProps) {
  const [language, setLanguage] = useState<CodeLanguage>('curl')
  return (
    <section className="code-export" aria-label={label}>
      <Tabs<CodeLanguage>
        label={label}
        selected={language}
        onSelect={setLanguage}
        tabs={LANGUAGES.map(({ id, label: name }) => ({
          id,
          label: name,
          render: () => (
            <div className="code-export-body">
              <div className="inspector-block-head">
                <CopyButton what={`${name} code`} text={code[id]} />
              </div>
              <pre className="code-export-code" data-language={id}>
                <code>{code[id]}</code>
              </pre>
            </div>
          ),
        }))}
      />
      <p className="muted small code-export-note">
        The key is read from the <code>{envVar}</code> environment variable; set it before running, for
        example <code>export {envVar}=…</code>. No key is written into the code.
      </p>
    </section>
  )
}
