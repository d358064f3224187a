! A recurrent dense layer applied nlayers times: x <- tanh(W x/n + b), with
! matmul and dot_product; the gradient is with respect to the weights,
! the bias and the input (a small neural network's training gradient).
subroutine rnn(n, nlayers, wt, b, x0, target, cost)
  implicit none
  integer, intent(in) :: n, nlayers
  real(8), intent(in) :: wt(n, n), b(n), x0(n), target(n)
  real(8), intent(out) :: cost
  real(8) :: x(n), y(n)
  integer :: l
  x = x0
  do l = 1, nlayers
    y = matmul(wt, x)/real(n, 8) + b
    x = tanh(y)
  end do
  cost = 0.5d0*dot_product(x - target, x - target)
end subroutine rnn
