package org.fabricsim.engine.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DistributedRunTest {
    static final List<String> WIRE = List.of(Phold.Spec.class.getName(), Phold.Result.class.getName());
    static final Phold.Spec SPEC = new Phold.Spec(64, 11, 10_000, 4, -1);
    static final long END = 5_000_000;

    @Test
    void partitionedRunsEqualTheSequentialRunExactly() {
        Phold.Result reference = Phold.sequential(SPEC, END);
        assertTrue(reference.total() > 50_000, "a run long enough to matter: " + reference.total());
        for (int parts : new int[] {1, 2, 4}) {
            for (boolean serialize : new boolean[] {false, true}) {
                RunResult r = DistributedRun.inProcess(SPEC, parts, Phold.roundRobin(SPEC.entities(), parts), END, WIRE,
                        serialize);
                assertEquals(reference, r.result(), parts + " LPs, serialize " + serialize);
                assertEquals(reference.total(), r.events());
                if (parts > 1) {
                    assertTrue(r.realMessages() > 0, "events crossed LPs");
                }
            }
        }
    }

    @Test
    void aFailingLpAbortsTheRunWithItsReason() {
        Phold.Spec failing = new Phold.Spec(64, 11, 10_000, 4, 5_000);
        DistributedRunException e = assertThrows(DistributedRunException.class,
                () -> DistributedRun.inProcess(failing, 2, Phold.roundRobin(64, 2), END, WIRE, false));
        assertTrue(e.getMessage().contains("injected failure at event 5000"), e.getMessage());
    }

    @Test
    void aZeroLatencyLinkAcrossThePartitionIsRefused() {
        Phold.Spec zero = new Phold.Spec(8, 1, 0, 1, -1);
        DistributedRunException e = assertThrows(DistributedRunException.class,
                () -> DistributedRun.inProcess(zero, 2, Phold.roundRobin(8, 2), END, WIRE, false));
        assertTrue(e.getMessage().contains("lookahead must be positive"), e.getMessage());
    }
}
