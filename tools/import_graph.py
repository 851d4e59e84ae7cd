"""Figures of the package's structure, read from the code's own import statements (module level, inside functions
and under `if TYPE_CHECKING:` alike): modules per folder, import cycles, underscored names that one module takes
from another, and the longest chain of imports.

The arrows between the parts are checked by import-linter (`lint-imports`, run by `tests/test_repo.py`); this script
only counts. Usage: python tools/import_graph.py [--json] [--package physci_lab] [--root CHECKOUT]"""
import argparse, ast, json, sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

def modules(pkg:Path)->dict:
    "Dotted module name -> file, for every .py file of the package (the nbdev index `_modidx` left out)."
    out = {}
    for p in sorted(pkg.rglob('*.py')):
        if '__pycache__' in p.parts or p.name == '_modidx.py': continue
        parts = p.relative_to(pkg.parent).with_suffix('').parts
        name = '.'.join(parts[:-1] if parts[-1] == '__init__' else parts)
        out[name] = p
    return out

def _absolute(mod:str, is_pkg:bool, level:int, target:str|None)->str:
    "The absolute name of `from <level dots><target> import …` written in module `mod`."
    if level == 0: return target or ''
    base = mod.split('.') if is_pkg else mod.split('.')[:-1]
    base = base[:len(base) - (level - 1)]
    return '.'.join(base + ([target] if target else []))

def _owner(name:str, mods:dict)->str|None:
    """The module of ours that `name` (a module or a module's attribute) belongs to; None for the root package itself,
    which every import of one of its modules runs anyway (`from physci_lab import __version__`)."""
    while name and name not in mods: name = name.rpartition('.')[0]
    return name if name and '.' in name else None

def defined_names(tree:ast.Module)->set:
    "The names a module defines itself (functions, classes, assignments, also under `if`/`try`); not what it imports."
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)): out.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                out |= {x.id for x in ast.walk(t) if isinstance(x, ast.Name)}
    return out

def imports(mods:dict, root:str)->tuple[dict, list]:
    """`{importer: {imported module, …}}` over our own modules, the underscored names taken across modules:
    `(importer, module, name, line)` for `from m import _x` and for `m._x` where `m` was imported as a module, and the
    names taken through a module that only imports them (`(importer, module, name, line)`: the name has another home)."""
    edges, private, through = defaultdict(set), [], []
    trees = {m: ast.parse(p.read_text()) for m, p in mods.items()}
    defined = {m: defined_names(t) for m, t in trees.items()}
    for mod, path in mods.items():
        tree, is_pkg = trees[mod], path.name == '__init__.py'
        aliases = {}   # local name -> our module it is bound to
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.split('.')[0] != root: continue
                    o = _owner(a.name, mods)
                    if o and o != mod: edges[mod].add(o)
                    if a.asname: aliases[a.asname] = a.name
            elif isinstance(node, ast.ImportFrom):
                src = _absolute(mod, is_pkg, node.level, node.module)
                if src.split('.')[0] != root: continue
                for a in node.names:
                    full = f'{src}.{a.name}'
                    if full in mods:   # `from pkg import module`
                        if full != mod: edges[mod].add(full)
                        aliases[a.asname or a.name] = full
                        continue
                    o = _owner(src, mods)
                    if o is None or o == mod: continue
                    edges[mod].add(o)
                    if a.name.startswith('_') and not a.name.startswith('__'): private.append((mod, o, a.name, node.lineno))
                    elif a.name != '*' and o == src and a.name not in defined[o]: through.append((mod, o, a.name, node.lineno))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                    and node.attr.startswith('_') and not node.attr.startswith('__')):
                o = aliases[node.value.id]
                if o != mod: private.append((mod, o, node.attr, node.lineno))
    return {m: edges.get(m, set()) for m in mods}, private, through

def cycles(edges:dict)->list[list[str]]:
    "Strongly connected components of more than one module (Tarjan), each sorted, largest first."
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
        for w in sorted(edges[v]):
            if w not in index: visit(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            if len(comp) > 1: out.append(sorted(comp))
    sys.setrecursionlimit(10_000)
    for v in sorted(edges):
        if v not in index: visit(v)
    return sorted(out, key=lambda c: (-len(c), c))

def longest_chain(edges:dict)->list[str]:
    """The longest chain of imports `a -> b -> c …` with no module twice. Where there are cycles a module of a
    cycle stands for its whole cycle (the chain runs over the graph of cycles), so the figure is a lower bound."""
    comp = {m: m for m in edges}
    for c in cycles(edges):
        for m in c: comp[m] = c[0]
    dag = defaultdict(set)
    for a, bs in edges.items():
        for b in bs:
            if comp[a] != comp[b]: dag[comp[a]].add(comp[b])
    best = {}
    def walk(v):
        if v not in best: best[v] = max(([v] + walk(w) for w in sorted(dag[v])), key=len, default=[v])
        return best[v]
    return max((walk(v) for v in sorted(set(comp.values()))), key=len)

def report(package:str='physci_lab', root:Path=ROOT)->dict:
    "The figures for the package `package` in the folder `root`."
    pkg = Path(root)/package
    mods = modules(pkg)
    edges, private, through = imports(mods, package)
    folders = Counter(str(p.parent.relative_to(root)) for m, p in mods.items() if p.name != '__init__.py')
    chain = longest_chain(edges)
    return dict(modules=len([p for p in mods.values() if p.name != '__init__.py']), modules_per_folder=dict(sorted(folders.items())),
                imports=sum(map(len, edges.values())), cycles=cycles(edges),
                private_imports=sorted(set(private)), imported_through=sorted(set(through)), longest_chain=chain)

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--json', action='store_true', help='print the figures as JSON')
    ap.add_argument('--package', default='physci_lab')
    ap.add_argument('--root', default=str(ROOT), help='the checkout to read (default: this one), e.g. a `git worktree` of an older commit')
    a = ap.parse_args()
    r = report(a.package, Path(a.root))
    if a.json: print(json.dumps(r, indent=1)); return
    print(f"{r['modules']} modules, {r['imports']} import arrows between them")
    print('modules per folder: ' + ', '.join(f'{k} {v}' for k, v in r['modules_per_folder'].items()))
    print(f"import cycles: {len(r['cycles'])}" + ''.join(f"\n  {len(c)} modules: {', '.join(c)}" for c in r['cycles']))
    names = sorted({(m, o, n) for m, o, n, _ in r['private_imports']})
    print(f'underscored names taken across modules: {len(names)} (in {len(r["private_imports"])} places)')
    for m, o, n in names: print(f'  {m} <- {o}.{n}')
    print(f"names taken from a module that only imports them: {len(r['imported_through'])}" + ''.join(f'\n  {m} <- {o}.{n}' for m, o, n, _ in r['imported_through']))
    size = {c[0]: len(c) for c in r['cycles']}
    shown = [f'{m} (and the {size[m] - 1} others of its cycle)' if m in size else m for m in r['longest_chain']]
    print(f"longest import chain: {len(r['longest_chain'])} modules: {' -> '.join(shown)}")

if __name__ == '__main__': main()
