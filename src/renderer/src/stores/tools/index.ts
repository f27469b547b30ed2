// The tool servers (Model Context Protocol) the user set up, as views kept in step with main: a shared store, read
// by Settings and by the panels that offer their tools.
export { useToolServersStore } from './toolServersStore'
