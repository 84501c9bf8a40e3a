package rating

import (
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// edge links two bots (or seats): "played", or "scored against" (finished
// ahead of, or level with) when directed from → to.
type edge struct{ from, to int }

// cellEdges returns the edges of the cells' "scored a point against"
// digraph (a draw scores both ways); mirror games add none. Read undirected,
// they are the "played" graph (a game always scores one way or both).
func cellEdges(cells []cell) []edge {
	var edges []edge
	for _, c := range cells {
		if c.x == c.y {
			continue
		}
		if c.sum > 0 { // X scored against Y
			edges = append(edges, edge{int(c.x), int(c.y)})
		}
		if c.sum < c.n { // Y scored against X
			edges = append(edges, edge{int(c.y), int(c.x)})
		}
	}
	return edges
}

// components returns the connected components of the undirected graph of
// the edges (self-loops ignored), as sorted groups of node indices ordered
// by their smallest index.
func components(nNodes int, edges []edge) [][]int {
	g := simple.NewUndirectedGraph()
	for i := range nNodes {
		g.AddNode(simple.Node(i))
	}
	for _, e := range edges {
		if e.from != e.to {
			g.SetEdge(simple.Edge{F: simple.Node(e.from), T: simple.Node(e.to)})
		}
	}
	return sortGroups(topo.ConnectedComponents(g))
}

// separatedGroups returns the strongly connected components of the "scored
// against" digraph of the edges (self-loops ignored), strongest first, or nil
// when there is only one. Hunter's condition for finite Bradley–Terry (and
// Plackett–Luce) ratings is that this digraph be strongly connected.
func separatedGroups(nNodes int, edges []edge) [][]int {
	g := simple.NewDirectedGraph()
	for i := range nNodes {
		g.AddNode(simple.Node(i))
	}
	for _, e := range edges {
		if e.from != e.to {
			g.SetEdge(simple.Edge{F: simple.Node(e.from), T: simple.Node(e.to)})
		}
	}
	sccs := sortGroups(topo.TarjanSCC(g))
	if len(sccs) <= 1 {
		return nil
	}
	// Order the condensation topologically (Kahn), breaking ties by group
	// order so that the result does not depend on map iteration.
	comp := make([]int, nNodes)
	for k, grp := range sccs {
		for _, b := range grp {
			comp[b] = k
		}
	}
	succ := make([][]bool, len(sccs))
	for k := range succ {
		succ[k] = make([]bool, len(sccs))
	}
	indeg := make([]int, len(sccs))
	it := g.Edges()
	for it.Next() {
		e := it.Edge()
		from, to := comp[e.From().ID()], comp[e.To().ID()]
		if from != to && !succ[from][to] {
			succ[from][to] = true
			indeg[to]++
		}
	}
	order := make([][]int, 0, len(sccs))
	done := make([]bool, len(sccs))
	for len(order) < len(sccs) {
		for k := range sccs {
			if done[k] || indeg[k] > 0 {
				continue
			}
			done[k] = true
			order = append(order, sccs[k])
			for j := range sccs {
				if succ[k][j] {
					indeg[j]--
				}
			}
			break
		}
	}
	return order
}

// sortGroups converts gonum node groups to sorted index groups ordered by
// their smallest index.
func sortGroups(groups [][]graph.Node) [][]int {
	out := make([][]int, len(groups))
	for i, grp := range groups {
		ids := make([]int, len(grp))
		for j, n := range grp {
			ids[j] = int(n.ID())
		}
		slices.Sort(ids)
		out[i] = ids
	}
	slices.SortFunc(out, func(a, b []int) int { return a[0] - b[0] })
	return out
}

// groupNames maps index groups to name groups.
func groupNames(groups [][]int, names []string) [][]string {
	if len(groups) == 0 {
		return nil
	}
	out := make([][]string, len(groups))
	for i, grp := range groups {
		out[i] = make([]string, len(grp))
		for j, b := range grp {
			out[i][j] = names[b]
		}
	}
	return out
}
