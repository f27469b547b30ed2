// Tools from the tool servers connected in Settings, offered to the model beside hand-written definitions: each
// checked tool is one function definition in the Tools field (its name, description and input schema), shaped
// for the chosen format when the request is built. A tool whose schema is over the app's bound is listed but not
// offered. Servers are connected in Settings only. A view: the servers come in, the Tools field's new text goes out
// (Text and Compare wire it to their drafts).
import type { ToolDefinition } from '../../../../shared/wire'
import type { RoundServers } from '../../../../shared/tools/toolRound'
import './toolRound.css'

function definitions(text: string): ToolDefinition[] | null {
  if (text.trim() === '') return []
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? (value as ToolDefinition[]) : null
  } catch {
    return null
  }
}

export function ServerToolPicker({
  servers: { servers, tools },
  toolsText,
  onChange,
}: {
  servers: RoundServers
  toolsText: string
  onChange(text: string): void
}) {
  const connected = servers.filter((s) => s.state.status === 'connected')
  const current = definitions(toolsText)
  const offered = new Set((current ?? []).map((d) => d.name))
  const toggle = (def: ToolDefinition, on: boolean) => {
    const list = current ?? []
    const next = on
      ? [...list.filter((d) => d.name !== def.name), def]
      : list.filter((d) => d.name !== def.name)
    onChange(next.length ? JSON.stringify(next, null, 2) : '')
  }
  if (servers.length === 0)
    return (
      <p className="muted small">Connect a tool server in Settings → Tool servers to offer its tools here.</p>
    )
  return (
    <div className="server-tools" role="group" aria-label="Tools from servers">
      {connected.length === 0 && (
        <p className="muted small">No tool server is connected; connect one in Settings → Tool servers.</p>
      )}
      {current === null && (
        <p className="muted small">Fix the definitions above to add tools from a server.</p>
      )}
      {connected.map((server) => (
        <details key={server.id}>
          <summary>
            Tools of <strong>{server.name}</strong>{' '}
            <span className="muted small">
              ({(tools[server.id] ?? []).filter((t) => offered.has(t.name)).length} offered)
            </span>
          </summary>
          <ul>
            {(tools[server.id] ?? []).map((t) => (
              <li key={t.name}>
                <label className="inline small">
                  <input
                    type="checkbox"
                    disabled={!t.offered || current === null}
                    checked={offered.has(t.name)}
                    onChange={(e) =>
                      toggle(
                        {
                          name: t.name,
                          ...(t.description ? { description: t.description.slice(0, 1000) } : {}),
                          parameters: t.inputSchema,
                        },
                        e.target.checked,
                      )
                    }
                  />
                  <code>{t.name}</code>
                  {!t.offered && ' (schema too large to offer)'}
                </label>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  )
}
