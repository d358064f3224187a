package ast

import "testing"

func TestStmtName(t *testing.T) {
	for _, tc := range []struct {
		s    Stmt
		want string
	}{
		{&GotoStmt{}, "GO TO"},
		{&ComputedGotoStmt{}, "GO TO"},
		{&ArithIfStmt{}, "arithmetic IF"},
		{&SelectCase{}, "SELECT CASE"},
		{&WhereStmt{}, "WHERE"},
		{&WhereConstruct{}, "WHERE"},
		{&ForallConstruct{}, "FORALL"},
		{&AssociateConstruct{}, "ASSOCIATE construct"},
		{&BlockConstruct{}, "BLOCK construct"},
		{&AllocateStmt{}, "ALLOCATE statement"},
		{&CallStmt{}, "CALL statement"},
	} {
		if got := StmtName(tc.s); got != tc.want {
			t.Errorf("StmtName(%T) = %q, want %q", tc.s, got, tc.want)
		}
	}
}
