#include "models/vector/issue_model.h"

#include <algorithm>

namespace vp::vec {

IssueModel::IssueModel(unsigned queue_depth, bool chaining)
    : depth_(std::max(1u, queue_depth)), chaining_(chaining), issued_(depth_, 0) {}

void IssueModel::reset() {
    std::fill(issued_.begin(), issued_.end(), 0);
    head_ = 0;
    last_issue_ = 0;
    std::fill(std::begin(pipe_free_), std::end(pipe_free_), 0);
    std::fill(std::begin(first_), std::end(first_), 0);
    std::fill(std::begin(done_), std::end(done_), 0);
    drained_ = 0;
}

uint64_t IssueModel::dispatch(uint64_t now, const IssueRequest& r) {
    ++stats_.instructions;
    // Queue slot: the instruction depth_ places earlier must have left the queue (issued).
    const uint64_t slot_free = issued_[head_];
    uint64_t stall = slot_free > now ? slot_free - now : 0;
    stats_.queue_full_stall += stall;
    const uint64_t enter = now + stall;

    uint64_t issue = std::max({enter, last_issue_ + 1, pipe_free_[unsigned(r.pipe)]});
    uint64_t srcs_done = 0;
    for (uint32_t m = r.srcs; m; m &= m - 1) {
        const unsigned reg = unsigned(__builtin_ctz(m));
        issue = std::max(issue, chaining_ ? first_[reg] : done_[reg]);
        srcs_done = std::max(srcs_done, done_[reg]);
    }
    // Write after write: results leave a pipe in order, so a register is not written before its
    // previous writer's first elements (chaining keeps the element order).
    for (uint32_t m = r.dsts; m; m &= m - 1) issue = std::max(issue, first_[unsigned(__builtin_ctz(m))]);

    const uint64_t last_in = std::max(issue + r.occupancy, srcs_done);
    const uint64_t complete = last_in + r.latency;
    pipe_free_[unsigned(r.pipe)] = issue + r.occupancy;
    stats_.pipe_busy[unsigned(r.pipe)] += r.occupancy;
    for (uint32_t m = r.dsts; m; m &= m - 1) {
        const unsigned reg = unsigned(__builtin_ctz(m));
        first_[reg] = issue + r.latency + 1;
        done_[reg] = complete;
    }
    last_issue_ = issue;
    issued_[head_] = issue;
    head_ = head_ + 1 == depth_ ? 0 : head_ + 1;
    drained_ = std::max(drained_, complete);
    if (r.scalar_result && complete > enter) {
        stats_.scalar_result_stall += complete - enter;
        stall += complete - enter;
    }
    return stall;
}

}  // namespace vp::vec
