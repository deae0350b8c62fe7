/** The two customers of test/erasure.test.ts: their addresses, names and the unique phrases searched for at rest. */

/** The customer erased first (by contact id): a phone number, and a phrase in each kind of message. */
export const A = {
  phone: '+16505558101',
  name: 'Zebulon Quixotefield',
  inPhrase: 'purple walrus juggles 7731',
  outText: 'marmalade lighthouse 4417',
  outVar: 'Quagmire9921',
  caption: 'tangerine zeppelin 3382',
  place: 'Obsidian Gazebo 5521',
  card: 'Philomena Crabtree 6604',
  scheduled: 'velvet anchor 8830',
};
/** The other customer (with a BSUID), untouched by A's erasure and erased by BSUID after. */
export const B = {
  phone: '+16505558202',
  bsuid: 'US.8202000000000000001',
  name: 'Bartholomew Xylograph',
  inPhrase: 'cobalt pinecone 1290',
  outText: 'saffron viaduct 5567',
};
