"""Minimum-distance perfect matching of a ranked field, avoiding repeat meetings.

Vertices are rank positions ``0 .. m-1`` (0 = highest placed).  ``conflicts[i]`` is the
set of positions that ``i`` has already met.  :func:`pair_ranked` returns a perfect
matching that

1. has **no repeat** whenever the field admits a repeat-free perfect matching, and
   otherwise as few repeats as possible (exact, see the final fallbacks below);
2. pairs similar ranks: it minimises the sum of squared rank distances on a sparse
   candidate graph (exactly inside each block, near-exactly across block borders).

Design (all matchings are networkx's exact blossom ``max_weight_matching`` with
``maxcardinality=True`` and integer weights ``BIG - distance**2``, so among the
maximum-cardinality matchings the one with the least squared distance wins):

* **Candidate graph**: each vertex is linked to its ``k`` nearest-ranked non-opponents
  above and ``k`` below (scanning past opponents, so a cluster of old opponents widens
  the window only where it occurs).  Repeat edges are never candidates.
* **Rolling blocks**: networkx's blossom is super-linear, so big fields are solved in
  overlapping blocks of ``BLOCK + OVERLAP`` ranks (the overlap grows with the longest
  table of the previous block).  Only tables lying wholly in the first ``BLOCK`` ranks
  are committed; everything else, including pairs seated across the border and pairs
  left unmatched, is re-solved with the next block, so a border never forces a bad pair.
* **Local repair**: if vertices are still unmatched at the end, a region is re-solved
  exactly: rank windows around the open vertices, plus their nearest non-opponents
  anywhere in the field and those vertices' partners, three levels deep (the short
  augmenting paths).  Region radius and ``k`` double until it succeeds.  The last steps
  are the whole field on the complete non-opponent graph (exact: finds a repeat-free
  perfect matching whenever one exists) and finally the complete graph with a repeat
  penalty that dominates every distance cost (fewest repeats).  These are a backstop:
  by Dirac's theorem a repeat-free pairing exists whenever no pair has met ``m / 2`` or
  more of the others, and the sparse steps find it in practice (tiny fields aside).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import networkx as nx

BLOCK = 64
"""Ranks committed per rolling block."""
OVERLAP = 32
"""Minimum ranks re-solved with the next block."""
K_NEAREST = 5
"""Non-opponent neighbours per side in the first candidate graph."""
SPAN_FACTOR = 4
"""The overlap is at least this many times the longest table of the previous block."""
SMALL_FIELD = 64
"""Fields up to this size are solved at once on the complete non-opponent graph."""

Mate = dict[int, int]


def _candidate_edges(
    verts: Sequence[int], conflicts: Sequence[set[int]], k: int
) -> Iterator[tuple[int, int]]:
    """Yield ``(u, v)`` edges: each vertex to its ``k`` nearest non-opponents per side."""
    size = len(verts)
    for p, u in enumerate(verts):
        met = conflicts[u]
        found = 0
        for q in range(p + 1, size):
            v = verts[q]
            if v not in met:
                yield u, v
                found += 1
                if found == k:
                    break
        found = 0
        for q in range(p - 1, -1, -1):
            v = verts[q]
            if v not in met:
                yield v, u
                found += 1
                if found == k:
                    break


def _solve(
    verts: Sequence[int],
    conflicts: Sequence[set[int]],
    k: int,
    *,
    allow_repeats: bool = False,
) -> Mate:
    """Exact max-cardinality, min squared-distance matching of ``verts`` (sorted).

    With ``allow_repeats`` the graph is complete and every repeat costs more than any
    possible sum of distances, so the result has the fewest repeats first.
    """
    graph = nx.Graph()
    graph.add_nodes_from(verts)
    span = verts[-1] - verts[0] if verts else 0
    big = span * span + 1
    if allow_repeats:
        penalty = big * (len(verts) // 2 + 1)
        for p, u in enumerate(verts):
            for v in verts[p + 1 :]:
                cost = (v - u) ** 2 + (penalty if v in conflicts[u] else 0)
                graph.add_edge(u, v, weight=penalty + big - cost)
    else:
        for u, v in _candidate_edges(verts, conflicts, k):
            graph.add_edge(u, v, weight=big - (v - u) ** 2)
    mate: Mate = {}
    for u, v in nx.max_weight_matching(graph, maxcardinality=True):
        mate[u] = v
        mate[v] = u
    return mate


def _rolling(m: int, conflicts: Sequence[set[int]], k: int) -> Mate:
    """Solve the field block by block (see module docstring); may leave vertices open."""
    mate: Mate = {}
    carry: list[int] = []
    pos = longest = 0
    while pos < m:
        end = min(m, pos + BLOCK + max(OVERLAP, SPAN_FACTOR * longest))
        last = end == m
        verts = carry + [v for v in range(pos, end) if v not in mate]
        if not last and len(verts) % 2:
            verts.pop()  # keep blocks even; the dropped vertex is in the overlap
        limit = m if last else pos + BLOCK
        longest = 0
        if verts:
            sub = _solve(verts, conflicts, k)
            for u, v in sub.items():
                if max(u, v) < limit:
                    mate[u] = v
                    longest = max(longest, abs(u - v))
        carry = [v for v in verts if v not in mate and v < limit]
        pos = limit
    return mate


def _nearest_free(v: int, m: int, conflicts: Sequence[set[int]], count: int) -> list[int]:
    """Up to ``count`` non-opponents of ``v`` in the whole field, nearest rank first."""
    out: list[int] = []
    met = conflicts[v]
    for d in range(1, m):
        if len(out) >= count or (v - d < 0 and v + d >= m):
            break
        out.extend(w for w in (v - d, v + d) if 0 <= w < m and w not in met)
    return out


def _repair_region(
    m: int, conflicts: Sequence[set[int]], mate: Mate, radius: int, kk: int
) -> list[int]:
    """Vertices to re-solve: windows around the open vertices plus alternating paths.

    From every open vertex we follow its ``kk`` nearest non-opponents (anywhere in the
    field) and their partners, three levels deep, so that short augmenting paths to far
    away ranks are inside the region even when the near ranks are all old opponents.
    """
    open_ = [v for v in range(m) if v not in mate]
    region: set[int] = set()
    for u in open_:
        region.update(range(max(0, u - radius), min(m, u + radius + 1)))
    frontier = open_
    for _ in range(3):
        following: list[int] = []
        for v in frontier:
            for w in _nearest_free(v, m, conflicts, kk):
                if w not in region:
                    region.add(w)
                    following.append(mate.get(w, w))
        frontier = following
    region.update([mate[v] for v in region if v in mate])
    return sorted(region)


def _repair(m: int, conflicts: Sequence[set[int]], mate: Mate, k: int) -> Mate:
    """Re-solve growing regions around unmatched vertices until the matching is perfect."""
    radius, kk = 4 * k, 2 * k
    while len(mate) < m:
        verts = _repair_region(m, conflicts, mate, radius, kk)
        whole = len(verts) == m
        if whole and kk >= m:
            sub = _solve(verts, conflicts, m)
            if len(sub) < m:
                sub = _solve(verts, conflicts, m, allow_repeats=True)
        else:
            sub = _solve(verts, conflicts, min(kk, len(verts)))
        if len(sub) == len(verts):
            for v in verts:
                mate[v] = sub[v]
            return mate
        radius *= 2
        kk *= 2
    return mate


def pair_ranked(m: int, conflicts: Sequence[set[int]]) -> list[tuple[int, int]]:
    """Perfectly match rank positions ``0 .. m-1`` (``m`` even); see module docstring.

    Returns ``(a, b)`` tuples with ``a < b``, sorted by ``a``.
    """
    if m % 2:
        raise ValueError("pair_ranked needs an even number of vertices")
    if m == 0:
        return []
    if m <= SMALL_FIELD:
        verts = list(range(m))
        mate = _solve(verts, conflicts, m)
        if len(mate) < m:
            mate = _solve(verts, conflicts, m, allow_repeats=True)
    else:
        mate = _rolling(m, conflicts, K_NEAREST)
    if len(mate) < m:
        mate = _repair(m, conflicts, mate, K_NEAREST)
    return sorted((u, v) for u, v in mate.items() if u < v)
