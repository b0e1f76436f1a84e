package org.fabricsim.benchmarks;

import org.fabricsim.engine.EventQueue;

/** An event queue that hands every call on to the queue it wraps; a subclass watches the calls it overrides. */
abstract class ForwardingEventQueue implements EventQueue {
    final EventQueue inner;

    ForwardingEventQueue(EventQueue inner) {
        this.inner = inner;
    }

    @Override
    public void push(long time, long tie, int target, long payload) {
        inner.push(time, tie, target, payload);
    }

    @Override
    public void pop() {
        inner.pop();
    }

    @Override
    public boolean isEmpty() {
        return inner.isEmpty();
    }

    @Override
    public int size() {
        return inner.size();
    }

    @Override
    public long peekTime() {
        return inner.peekTime();
    }

    @Override
    public long time() {
        return inner.time();
    }

    @Override
    public long tie() {
        return inner.tie();
    }

    @Override
    public int target() {
        return inner.target();
    }

    @Override
    public long payload() {
        return inner.payload();
    }
}
