package ast

import (
	"fmt"
	"strings"
)

// StmtName names the kind of statement s for messages: "GO TO",
// "arithmetic IF", "SELECT CASE", "WHERE", "FORALL", else the upper-case
// type name with " statement" ("ALLOCATE statement", "IO statement").
func StmtName(s Stmt) string {
	n := fmt.Sprintf("%T", s)
	n = strings.TrimPrefix(n, "*ast.")
	n = strings.TrimSuffix(n, "Stmt")
	switch n {
	case "Goto", "ComputedGoto", "AssignedGoto":
		return "GO TO"
	case "ArithIf":
		return "arithmetic IF"
	case "SelectCase":
		return "SELECT CASE"
	case "Where", "WhereConstruct":
		return "WHERE"
	case "Forall", "ForallConstruct":
		return "FORALL"
	}
	return strings.ToUpper(n) + " statement"
}
