// The import loops of a graph, for check-imports-web.mjs (the server's are dependency-cruiser's: check-module-floors.mjs).

/** Every loop of a graph (Map node → Set or array of nodes), each once, by Tarjan's strongly connected components. */
export function loops(graph) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(node) {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) === order.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  }
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node);
  return found;
}
