// A profile's monthly budget and what it spent this month, and the month's spend of every profile. Batch work
// (a case matrix, a check with paid probes, a load test) that would take the month past the budget asks first.
// A field's error names the field and the rule, shown once the user pressed Save.
import { useEffect, useState } from 'react'
import { budgetSchema, type Budget } from '../../../../shared/cost/prices'
import { formatMoney } from '../../../../shared/cost/money'
import type { ProfileSpend } from '../../../../shared/ipc/prices'
import { pricesCalls } from '../../ipc/pricesCalls'

/** How often the month's spend is read again while it is on screen (runs in other panels add to it). */
const SPEND_REFRESH_MS = 5000
type MonthSpend = { month: string; profiles: ProfileSpend[] }
/** Every view of the spend on screen, read again at once when a budget is saved. */
const spendReaders = new Set<() => void>()

/** The month's spend of every profile, read when shown, every few seconds, and after a budget is saved. */
function useMonthSpend(): MonthSpend | null {
  const [spend, setSpend] = useState<MonthSpend | null>(null)
  useEffect(() => {
    let alive = true
    const read = () =>
      void pricesCalls.spend().then((r) => {
        if (alive && r.ok) setSpend(r.value)
      })
    read()
    spendReaders.add(read)
    const timer = setInterval(read, SPEND_REFRESH_MS)
    return () => {
      alive = false
      spendReaders.delete(read)
      clearInterval(timer)
    }
  }, [])
  return spend
}

const runsWord = (n: number) => `${n.toLocaleString('en-US')} run${n === 1 ? '' : 's'}`

/**
 * The month's spend in words: `$0.0123 over 4 runs`, and the runs whose model has no price, which add no amount
 * (`13 runs with no price set (my-model)`), never $0; `nothing yet` only when nothing ran.
 */
function spendWords(spend: Pick<ProfileSpend, 'byCurrency' | 'unpriced'> | null): string {
  const parts = Object.entries(spend?.byCurrency ?? {}).map(
    ([currency, s]) =>
      `${formatMoney(s.micros, currency)} over ${runsWord(s.runs)}${
        s.estimatedMicros ? ` (${formatMoney(s.estimatedMicros, currency)} of it estimated)` : ''
      }`,
  )
  const unpriced = spend?.unpriced
  if (unpriced && unpriced.runs > 0) {
    const models = unpriced.models.length
      ? ` (${unpriced.models.slice(0, 3).join(', ')}${unpriced.models.length > 3 ? ', …' : ''}; Settings → Prices)`
      : ''
    const words = `${runsWord(unpriced.runs)} with no price set, not counted${models}`
    return parts.length ? `${parts.join(' + ')}; ${words}` : words
  }
  return parts.length ? parts.join(' + ') : 'nothing yet'
}

export function BudgetForm({
  profileId,
  budget,
  onSaved,
}: {
  profileId: string
  budget: Budget | null
  onSaved(budget: Budget | null): void
}) {
  const [amount, setAmount] = useState<string | null>(null)
  const [currency, setCurrency] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const all = useMonthSpend()
  const spend = all?.profiles.find((p) => p.profileId === profileId) ?? null
  const month = all?.month ?? ''

  const amountText = amount ?? (budget ? String(budget.amount) : '')
  const currencyText = currency ?? budget?.currency ?? 'USD'
  const parsed = budgetSchema.safeParse({
    amount: amountText.trim() === '' ? NaN : Number(amountText),
    currency: currencyText,
  })
  const error = tried && !parsed.success ? messageOf(parsed.error.issues[0]?.message ?? '') : null

  const save = async (next: Budget | null) => {
    setTried(true)
    setFailure(null)
    if (next === undefined) return
    const r = await pricesCalls.setBudget(profileId, next)
    if (!r.ok) return setFailure(r.error.message)
    setAmount(null)
    setCurrency(null)
    setTried(false)
    onSaved(r.value.budget)
    for (const read of spendReaders) read()
  }

  const spent = spend && budget ? (spend.byCurrency[budget.currency]?.micros ?? 0) : 0
  const limit = budget ? Math.round(budget.amount * 1_000_000) : 0
  return (
    <div className="budget" aria-label="Monthly budget" role="group">
      <p data-testid="profile-spend">
        Spent this month{month ? ` (${month})` : ''}: {all ? spendWords(spend) : '…'}
        {budget && (
          <>
            {' '}
            — {formatMoney(spent, budget.currency)} of the {formatMoney(limit, budget.currency)} monthly
            budget
            {limit > 0 && ` (${Math.round((spent / limit) * 100)} %)`}
          </>
        )}
      </p>
      {budget && limit > 0 && (
        <progress
          className="budget-bar"
          max={limit}
          value={Math.min(spent, limit)}
          aria-label="Budget used"
        />
      )}
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault()
          setTried(true)
          if (parsed.success) void save(parsed.data)
        }}
      >
        <label>
          <span className="muted small">Monthly budget</span>
          <input
            aria-label="Monthly budget"
            inputMode="decimal"
            value={amountText}
            aria-invalid={!!error || undefined}
            placeholder="none"
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <label>
          <span className="muted small">Currency</span>
          <input
            aria-label="Budget currency"
            value={currencyText}
            size={4}
            onChange={(e) => setCurrency(e.target.value)}
          />
        </label>
        <button type="submit">Save budget</button>
        {budget && (
          <button type="button" className="ghost" onClick={() => void save(null)}>
            Remove budget
          </button>
        )}
      </form>
      {(error || failure) && (
        <p className="field-error" role="alert">
          {error ?? failure}
        </p>
      )}
    </div>
  )
}

const messageOf = (message: string) =>
  message.startsWith('budget:')
    ? `Monthly budget: ${message.slice(8)}`
    : message.replace(/^currency:/, 'Currency:')

/** This month's spend of every profile, in Settings under the profiles. */
export function SpendSummary() {
  const spend = useMonthSpend()
  if (!spend) return null
  return (
    <section className="app-settings" aria-labelledby="spend-title">
      <h2 id="spend-title">Spend this month ({spend.month})</h2>
      <p className="muted small">
        The cost of every run and job as it ended, from the usage its gateway reported.
      </p>
      <table className="spend-table" aria-label="Spend this month">
        <thead>
          <tr>
            <th scope="col">Profile</th>
            <th scope="col">Spent</th>
            <th scope="col">Monthly budget</th>
          </tr>
        </thead>
        <tbody>
          {spend.profiles.map((p) => (
            <tr key={p.profileId}>
              <th scope="row">{p.name}</th>
              <td>{spendWords(p)}</td>
              <td>
                {p.budget ? formatMoney(Math.round(p.budget.amount * 1_000_000), p.budget.currency) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
