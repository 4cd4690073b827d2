import { actionHost } from '../../src/action-host.js'
import { useHost } from '../../src/host.js'

// Unit tests call the engine's modules directly, as the action runs them: through the Action's front end.
useHost(actionHost)
