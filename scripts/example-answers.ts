// Writes src/server/exampleAnswers.json: the real answers to the example requests, which the OpenAPI document
// shows as response examples (src/server/exampleAnswers.ts). Run after changing an answer or shipping a model.
import { writeFileSync } from 'node:fs';
import { exampleAnswers } from '../src/server/exampleAnswers';
import { SHIPPED_CARD } from '../src/core/model/shipped';

const out = 'src/server/exampleAnswers.json';
writeFileSync(out, `${JSON.stringify(await exampleAnswers(`public/models/${SHIPPED_CARD}`))}\n`);
console.log(`wrote ${out}`);
