// The tool servers (Model Context Protocol) the user set up, as views kept in step with main: a shared store, read
// by Settings and by the panels that offer their tools and answer the model's calls to them.
export { useToolServersStore } from './toolServersStore'
export { roundServersNow, toolRoundActions, useToolRoundServers } from './toolRound'
