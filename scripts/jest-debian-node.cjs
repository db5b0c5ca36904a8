// Lets Debian's jest run on a Node.js that is not Debian's (scripts/jest-app-test):
// Debian's jest reads the Debian build variable `node_relative_path` to find its modules
// in /usr/share/nodejs, which another Node.js build does not define. Preloaded with
// `node --require`; a Node.js that defines it is left as it is.
"use strict";
const variables = process.config.variables;
if (variables.node_relative_path === undefined) {
  Object.defineProperty(process, "config", {
    value: { ...process.config, variables: { ...variables, node_relative_path: "share/nodejs", node_prefix: "/usr" } },
  });
}
