import { z } from 'zod'
import { input, message } from '../core/message.js'
import { CHECK_FILES, OUTPUT_FOLDER, TIMING } from './common.js'
import { described, documentSource, httpsUrl, requireInputs } from './fields.js'

/** The inputs of `command: check-deployment`, and the rules that join them. */

export const CHECK_DEPLOYMENT_INPUTS = z.object({
  command: z.literal('check-deployment'),
  ...TIMING,
  ...OUTPUT_FOLDER,
  url: described(
    httpsUrl({ expected: "the site's http:// or https:// address, without credentials", plainHttp: 'any' }).optional(),
    {
      description:
        "For `check-deployment`: the deployed site's base URL (https, or http with a notice: nothing secret is sent)."
    }
  ),
  manifest: described(documentSource('a manifest').optional(), {
    description:
      'For `check-deployment`: the `manifest.json` of the export that should be live (a path, or an https link).'
  }),
  ...CHECK_FILES
})

export const CHECK_DEPLOYMENT = CHECK_DEPLOYMENT_INPUTS.transform((inputs, ctx) =>
  requireInputs(inputs, ctx, ['url', 'manifest'], message`for ${input('command', 'check-deployment')}`)
)
