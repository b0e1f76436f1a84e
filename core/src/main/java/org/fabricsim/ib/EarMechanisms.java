package org.fabricsim.ib;

/** Seed 001's EAR-based adaptive routing: not built yet. */
final class EarMechanisms extends Mechanisms {
    EarMechanisms(EarParams params, long seed) {
        throw new UnsupportedOperationException("EAR routing is not built yet");
    }
}
