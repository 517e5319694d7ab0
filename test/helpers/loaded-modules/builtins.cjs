// `node --require` this file to record which of Node's own modules the process loaded, into the file named by
// LOADED_BUILTINS_FILE, one `node:NAME` a line, as the process exits. Unlike record.mjs it registers no module hooks,
// whose loader thread loads node:stream and node:worker_threads itself, so it tells whether a command loaded those.
'use strict';
const { writeFileSync } = process.getBuiltinModule('node:fs');

const out = process.env.LOADED_BUILTINS_FILE;
if (out) {
  process.on('exit', () => {
    const names = process.moduleLoadList.flatMap((entry) => {
      const name = /^NativeModule (?!internal\/)(.+)$/.exec(entry)?.[1];
      return name ? [`node:${name}`] : [];
    });
    writeFileSync(out, `${names.join('\n')}\n`);
  });
}
