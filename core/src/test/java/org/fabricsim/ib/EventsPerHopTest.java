package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketRun;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.api.Test;

/**
 * Issue 36's count of what each event per packet-hop does, against what the model must do once all traffic is
 * delivered: every hop is one end of transmission and one head arrival, and returns one credit; every packet
 * delivered is consumed once.
 */
class EventsPerHopTest {
    @Test
    void everyHopEndsOneTransmissionDeliversOneHeadAndReturnsOneCredit() {
        FlowSchedule s = PacketInvariantsTest.traffic(3);
        PacketSimulation sim = PacketSimulation.builder(PacketInvariantsTest.TOPOLOGY, PacketInvariantsTest.TABLES, s)
                .build();
        PacketRun run = sim.runUntil(10 * Time.MS); // long after the last flow ends: nothing is left in flight
        Map<String, Long> byKind = sim.eventsByKind();
        long hops = run.packetHops();
        assertTrue(hops > 3_000, "the run moves packets: " + hops);
        assertEquals(hops, byKind.get("tx-done"), byKind.toString());
        assertEquals(hops, byKind.get("arrival"), byKind.toString());
        assertEquals(hops, byKind.get("credit"), byKind.toString());
        assertEquals(run.packetsDelivered(), byKind.get("consumed"), byKind.toString());
        assertEquals(run.events(), byKind.values().stream().mapToLong(Long::longValue).sum(), "every event has a kind");
    }
}
