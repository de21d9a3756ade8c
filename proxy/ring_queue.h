#pragma once
// A first-in first-out queue in a fixed array: pushing and popping never allocate (a deque
// allocates a block every few pushes). When full, a push forgets the oldest entry: the queues
// it holds (searches, pongs) are bounded on purpose, so that a peer that never answers cannot
// make them grow.
#include <array>
#include <cstddef>

namespace drawproxy::proxy {

template <class T, std::size_t N>
class RingQueue {
  public:
    bool empty() const { return count_ == 0; }
    bool full() const { return count_ == N; }
    std::size_t size() const { return count_; }
    T& front() { return ring_[head_]; }
    const T& front() const { return ring_[head_]; }
    T& back() { return ring_[(head_ + count_ - 1) % N]; }
    const T& back() const { return ring_[(head_ + count_ - 1) % N]; }
    void pop_front() {
        head_ = (head_ + 1) % N;
        --count_;
    }
    void pop_back() { --count_; }
    void push_back(const T& value) {
        if (count_ == N) pop_front();
        ring_[(head_ + count_++) % N] = value;
    }
    void clear() { head_ = count_ = 0; }

  private:
    std::array<T, N> ring_{};
    std::size_t head_ = 0, count_ = 0;
};

}  // namespace drawproxy::proxy
