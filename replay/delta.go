package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// A step's view is stored as a patch of the view before it, which keeps a replay small: a
// move changes a few numbers of a view of several kilobytes. A patch follows JSON Merge
// Patch (RFC 7386) with one extension for arrays:
//
//   - an object patches an object: each key's value patches that key's value, and null
//     removes the key;
//   - an object patches an array of the same length: each key is an index (in decimal) and
//     its value patches that element;
//   - an object whose only key is "=" replaces the value by the key's value (an object that
//     replaces something other than an object: a view has no key "=");
//   - any other value (an array, a number, a string, true, false) replaces the value.
//
// So a JSON null in a view is not kept by a patch: the key disappears. Numbers are compared
// and copied as their JSON text, exactly.

// Diff returns the patch that turns the JSON value from into to, or null when they are
// equal. Both must be valid JSON.
func Diff(from, to json.RawMessage) (json.RawMessage, error) {
	a, err := decode(from)
	if err != nil {
		return nil, fmt.Errorf("replay: diff: %w", err)
	}
	b, err := decode(to)
	if err != nil {
		return nil, fmt.Errorf("replay: diff: %w", err)
	}
	p, changed := diff(a, b)
	if !changed {
		return json.RawMessage("null"), nil
	}
	out, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("replay: diff: %w", err)
	}
	return out, nil
}

// Patch returns doc with patch applied (see [Diff]). A null or empty patch returns doc.
func Patch(doc, patch json.RawMessage) (json.RawMessage, error) {
	if len(bytes.TrimSpace(patch)) == 0 {
		return doc, nil
	}
	a, err := decode(doc)
	if err != nil {
		return nil, fmt.Errorf("replay: patch: %w", err)
	}
	p, err := decode(patch)
	if err != nil {
		return nil, fmt.Errorf("replay: patch: %w", err)
	}
	if p == nil {
		return doc, nil
	}
	v, err := apply(a, p)
	if err != nil {
		return nil, fmt.Errorf("replay: patch: %w", err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("replay: patch: %w", err)
	}
	return out, nil
}

// decode parses JSON keeping numbers as their text.
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// diff returns the patch from a to b and whether they differ.
func diff(a, b any) (any, bool) {
	switch bv := b.(type) {
	case map[string]any:
		av, ok := a.(map[string]any)
		if !ok {
			return map[string]any{"=": b}, true
		}
		p := map[string]any{}
		for k, x := range bv {
			if d, changed := diff(av[k], x); changed {
				p[k] = d
			}
		}
		for k := range av {
			if _, ok := bv[k]; !ok {
				p[k] = nil
			}
		}
		return p, len(p) > 0
	case []any:
		av, ok := a.([]any)
		if !ok || len(av) != len(bv) {
			return b, true
		}
		p := map[string]any{}
		for i := range bv {
			if d, changed := diff(av[i], bv[i]); changed {
				p[strconv.Itoa(i)] = d
			}
		}
		if len(p) == 0 {
			return nil, false
		}
		return p, true
	default:
		if equalScalar(a, b) {
			return nil, false
		}
		if b == nil {
			// A null cannot be told apart from a removal: keep the key, and let the reader see
			// it as missing.
			return nil, a != nil
		}
		return b, true
	}
}

// equalScalar reports whether two decoded scalars are the same JSON value.
func equalScalar(a, b any) bool {
	switch av := a.(type) {
	case nil:
		return b == nil
	case bool:
		bv, ok := b.(bool)
		return ok && av == bv
	case string:
		bv, ok := b.(string)
		return ok && av == bv
	case json.Number:
		bv, ok := b.(json.Number)
		return ok && av == bv
	}
	return false
}

// apply returns doc patched by p.
func apply(doc, p any) (any, error) {
	pm, ok := p.(map[string]any)
	if !ok {
		return p, nil
	}
	if v, ok := pm["="]; ok && len(pm) == 1 {
		return v, nil
	}
	switch dv := doc.(type) {
	case map[string]any:
		out := make(map[string]any, len(dv))
		for k, v := range dv {
			out[k] = v
		}
		keys := make([]string, 0, len(pm))
		for k := range pm {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			v := pm[k]
			if v == nil {
				delete(out, k)
				continue
			}
			nv, err := apply(out[k], v)
			if err != nil {
				return nil, err
			}
			out[k] = nv
		}
		return out, nil
	case []any:
		out := slices.Clone(dv)
		for k, v := range pm {
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(out) {
				return nil, fmt.Errorf("index %q out of an array of %d", k, len(out))
			}
			nv, err := apply(out[i], v)
			if err != nil {
				return nil, err
			}
			out[i] = nv
		}
		return out, nil
	default:
		return nil, fmt.Errorf("an object patch on %T", doc)
	}
}
