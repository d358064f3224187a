module module_kinds
  implicit none
  integer, parameter :: kind_phys = selected_real_kind(12)
end module module_kinds
