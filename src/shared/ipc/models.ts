// The models domain: the models a profile can reach (the app's catalog, what the gateway lists at GET /v1/models
// when it has that endpoint, and ids the user typed), searched in main so a long list never crosses IPC whole,
// with what is known of each (context window, output limit, modalities, price, the formats the last Gateway
// check saw working) and the user's favourites. A gateway without a list endpoint is normal, not an error.
import { z } from 'zod'
import { defineCommand } from './define'
import { modelIdSchema } from '../cost/prices'

const profileId = z.string().min(1).max(100)

export const MODEL_KINDS = ['text', 'embedding', 'rerank', 'video', 'image'] as const
export type ModelKind = (typeof MODEL_KINDS)[number]

export const MODEL_SOURCES = ['gateway', 'catalog', 'yours'] as const
export type ModelSource = (typeof MODEL_SOURCES)[number]

export const MODEL_LIST_MAX = 300

export const modelInfoSchema = z.object({
  id: z.string(),
  /** The gateway's display name, when it differs from the id. */
  name: z.string().optional(),
  sources: z.array(z.enum(MODEL_SOURCES)),
  /** Unknown for a gateway's model whose list says nothing of it. */
  kind: z.enum(MODEL_KINDS).optional(),
  contextWindow: z.number().optional(),
  maxOutput: z.number().optional(),
  inputModalities: z.array(z.string()).optional(),
  outputModalities: z.array(z.string()).optional(),
  /** The formats the catalog says the model is usually called through. */
  formats: z.array(z.string()).optional(),
  thinking: z.boolean().optional(),
  favourite: z.boolean(),
  /** What the last Gateway check of this profile saw, per format: `supported`, `refused`, `deviating`, `failed`. */
  checked: z.object({ at: z.number(), formats: z.record(z.string(), z.string()) }).optional(),
  /** The price that would be used (the profile's table first, then the gateway's list), briefly. */
  price: z
    .object({
      currency: z.string(),
      input: z.number().optional(),
      output: z.number().optional(),
      source: z.string(),
      setAt: z.string(),
    })
    .optional(),
})
export type ModelInfo = z.infer<typeof modelInfoSchema>

export const GATEWAY_LIST_STATES = ['listed', 'none', 'failed', 'unasked'] as const
export const gatewayListSchema = z.object({
  /** listed: the gateway answered a list; none: it has no list endpoint; failed: asking failed (why in message). */
  state: z.enum(GATEWAY_LIST_STATES),
  count: z.number(),
  fetchedAt: z.number().nullable(),
  /** In plain words, for the picker's footer. */
  message: z.string(),
  /** The shape the list came in. */
  shape: z.enum(['openai', 'anthropic', 'gemini']).nullable(),
})
export type GatewayList = z.infer<typeof gatewayListSchema>

export const modelsCommands = {
  /**
   * The models of a profile matching a query (every word in the id or name), favourites first; asks the
   * gateway's list once per profile (again with `refresh`). `kind` keeps the models of one kind and those whose
   * kind is unknown.
   */
  'models.listModels': defineCommand(
    z.object({
      profileId,
      query: z.string().max(200).optional(),
      kind: z.enum(MODEL_KINDS).optional(),
      limit: z.number().int().min(1).max(MODEL_LIST_MAX),
      refresh: z.boolean().optional(),
    }),
    z.object({ models: z.array(modelInfoSchema), total: z.number(), gateway: gatewayListSchema }),
  ),
  'models.setFavourite': defineCommand(
    z.object({ model: modelIdSchema, favourite: z.boolean() }),
    z.object({ favourites: z.number() }),
  ),
  /** Keeps an id the user typed among the profile's models (`remove` forgets it). */
  'models.putCustom': defineCommand(
    z.object({ profileId, model: modelIdSchema, remove: z.boolean().optional() }),
    z.object({ custom: z.number() }),
  ),
}
