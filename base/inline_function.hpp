#pragma once
// A callable stored inline as plain bytes: for continuations that capture only trivially copyable values
// (pointers, references, indices, doubles), made and moved by the hundred thousand in a tight loop. Moving a
// std::function calls its manager through a pointer; moving this is a copy of a few words (the event loop of a
// computed BCS-MPI slice, bcs/runtime/slice_steps.hpp, spent a quarter of a compute-bound run moving
// std::functions, 2026-12-07). A capture that is not trivially copyable or too large does not compile.
#include <cstddef>
#include <new>
#include <type_traits>

namespace bcssim::base {

template <class Signature, std::size_t Size = 32> class InlineFunction;

template <class R, class... Args, std::size_t Size> class InlineFunction<R(Args...), Size> {
public:
  InlineFunction() = default;
  template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, InlineFunction> &&
                                              std::is_invocable_r_v<R, const F&, Args...>>>
  InlineFunction(F f) // NOLINT(google-explicit-constructor): written as a lambda where a callable is expected
  {
    static_assert(std::is_trivially_copyable_v<F>, "capture only trivially copyable values");
    static_assert(sizeof(F) <= Size && alignof(F) <= alignof(std::max_align_t), "capture fewer bytes");
    ::new (static_cast<void*>(storage_)) F(f);
    call_ = [](const void* self, Args... args) -> R {
      return (*std::launder(static_cast<const F*>(self)))(static_cast<Args>(args)...);
    };
  }

  explicit operator bool() const { return call_ != nullptr; }
  R operator()(Args... args) const { return call_(storage_, static_cast<Args>(args)...); }

private:
  // Not zeroed: bytes a callable does not fill are copied, never read (clearing them cost more than the loop).
  alignas(std::max_align_t) unsigned char storage_[Size];
  R (*call_)(const void*, Args...) = nullptr;
};

} // namespace bcssim::base
