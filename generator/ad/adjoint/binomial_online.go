package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A DO WHILE under binomial checkpointing.
//
// Its trip count is known only when it ends, so its snapshots are placed
// online (fadj_binomial_online_step): the forward sweep runs the loop
// once, plainly, and before each step drops snapshots from the top of
// the snapshot stack and takes one of the current state as the runtime
// says (the runtime frees a snapshot below the top itself, and drops
// none now; the loop stays for the interface). The backward sweep
// reverses the ranges between the snapshots
// held, from the last, each by revolve (fadj_binomial_online_next): n
// forward steps for the pass, and far fewer again than counting the
// steps first (runtime: TestBinomialOnline). The steps are replayed
// without testing the condition again.

// onlineForward is the DO WHILE's forward sweep.
func (c *bnCode) onlineForward() []ast.Stmt {
	loop := c.pass(c.stmts(`call fadj_binomial_online_step(H@, A@, K@)
do I@ = 1, A@
  call fadj_slot_snapdrop
end do
if (K@ == 1) then
  call fadj_slot_snappush
end if`))
	out := append(c.bounds(), c.stmts(`if (allocated(H@)) deallocate(H@)
allocate(H@(fadj_binomial_ohlen + 2*SNAPS))
call fadj_binomial_online_start(H@, SNAPS)`)...)
	out = append(out, loop)
	return append(out, c.stmts(`call fadj_binomial_online_end(H@)
call fadj_slot_heldpush
`+c.boundsPush()+`call fadj_push_i4_array(H@, size(H@))
call fadj_push_i4(size(H@))`)...)
}

// onlineBackward is the DO WHILE's backward sweep.
func (c *bnCode) onlineBackward() []ast.Stmt {
	return c.stmts(`call fadj_pop_i4(A@)
if (allocated(H@)) deallocate(H@)
allocate(H@(A@))
call fadj_pop_i4_array(H@, A@)
` + c.boundsPop() + `call fadj_slot_heldpop
do
  call fadj_binomial_online_next(H@, A@, K@, E@)
  select case (A@)
  case (fadj_bn_advance)
    do I@ = K@, E@
` + c.setIt("I@") + `      call fadj_slot_readvance
    end do
  case (fadj_bn_takeshot)
    call fadj_slot_snappush
  case (fadj_bn_release)
    call fadj_slot_snapdrop
  case (fadj_bn_restore)
    call fadj_slot_snappeek
  case (fadj_bn_firstturn, fadj_bn_youturn)
` + c.setIt("K@") + `    call fadj_slot_turn
  case default
    exit
  end select
end do
deallocate(H@)`)
}
