      module all_globals_mod
      end module
