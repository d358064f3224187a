package tangent

import "github.com/fadj-dev/fadj/generator/sema"

// passiveKind reports whether a value of type t has no derivative: an
// integer, logical or character. An assignment of one to a part of an
// active structure (os%cur = nxt, the time level of a state that local
// pointers alias: the activity analysis marks it active) is run as it is.
func passiveKind(t *sema.Type) bool {
	return t != nil && (t.IsInteger() || t.IsLogical() || t.IsCharacter())
}
