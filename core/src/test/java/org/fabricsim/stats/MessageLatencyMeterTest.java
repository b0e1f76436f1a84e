package org.fabricsim.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Message latency as seed 001's simulator's sink measures it (D221), against a brute force over every message:
 * from the injection of its first packet to arrive to the arrival of its last, whatever the order in between.
 */
class MessageLatencyMeterTest {

    @Test
    void eachMessageRunsFromItsFirstArrivingPacketsInjectionToItsLastArrival() {
        Random r = new Random(5);
        int payload = 100;
        int perMessage = 4;
        long[] flowBytes = {1000, 1750, 0}; // 10 packets; 18 (the last short); endless (here 12 packets)
        int[] dst = {1, 1, 0};
        int[] packets = {10, 18, 12};
        long[] injected = new long[64];
        for (int k = 0; k < injected.length; k++) {
            injected[k] = 1000L * k;
        }
        // every packet delivered once, each flow's packets shuffled inside windows of 6 (at most 2-3 messages open)
        List<long[]> deliveries = new ArrayList<>(); // {time, flow, seq}
        long clock = 100_000;
        for (int f = 0; f < 3; f++) {
            List<Integer> order = new ArrayList<>();
            for (int s = 0; s < packets[f]; s++) {
                order.add(s);
            }
            for (int from = 0; from < order.size(); from += 6) {
                Collections.shuffle(order.subList(from, Math.min(order.size(), from + 6)), r);
            }
            for (int s : order) {
                deliveries.add(new long[] {clock, f, s});
                clock += 1 + r.nextInt(500);
            }
        }
        MessageLatencyMeter m = new MessageLatencyMeter(perMessage * payload, payload, flowBytes, 2);
        for (long[] d : deliveries) {
            m.delivered(true, d[0], (int) d[1], dst[(int) d[1]], injected[(int) d[2]], (int) d[2]);
        }
        // brute force: per flow and message, its packets' deliveries in arrival order
        long[] count = new long[2];
        long[] sum = new long[2];
        long[] max = new long[2];
        for (int f = 0; f < 3; f++) {
            for (int message = 0; message * perMessage < packets[f]; message++) {
                long first = -1;
                long last = -1;
                for (long[] d : deliveries) {
                    if (d[1] == f && d[2] / perMessage == message) {
                        first = first < 0 ? injected[(int) d[2]] : first;
                        last = d[0];
                    }
                }
                count[dst[f]]++;
                sum[dst[f]] += last - first;
                max[dst[f]] = Math.max(max[dst[f]], last - first);
            }
        }
        MessageLatencyMeter.MessageLatency s = m.summary();
        assertEquals(count[0] + count[1], s.messages(), "3 + 5 + 3 messages");
        assertEquals(0, s.overflowed());
        assertEquals((sum[0] + sum[1]) / 1e3 / s.messages(), s.meanNs(), 1e-9);
        assertEquals(((double) sum[0] / count[0] + (double) sum[1] / count[1]) / 2 / 1e3, s.avgOfAvgNs(), 1e-9);
        assertEquals(Math.max(max[0], max[1]) / 1e3, s.maxOfMaxNs(), 1e-9);
    }

    @Test
    void aMessageOutsideTheWindowIsNotCountedAndPartsMerge() {
        long[] bytes = {400, 400};
        MessageLatencyMeter a = new MessageLatencyMeter(200, 100, bytes, 2);
        MessageLatencyMeter b = new MessageLatencyMeter(200, 100, bytes, 2);
        a.delivered(true, 10, 0, 0, 1, 0);
        a.delivered(true, 20, 0, 0, 2, 1); // message 0 of flow 0: 19
        a.delivered(false, 30, 0, 0, 3, 2);
        a.delivered(false, 40, 0, 0, 4, 3); // message 1 ends outside the window
        b.delivered(true, 50, 1, 1, 5, 1);
        b.delivered(true, 70, 1, 1, 6, 0); // message 0 of flow 1: 70 - 5
        a.merge(b);
        MessageLatencyMeter.MessageLatency s = a.summary();
        assertEquals(2, s.messages());
        assertEquals((19 + 65) / 2e3, s.meanNs(), 1e-12);
        assertEquals(65e-3, s.maxOfMaxNs(), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new MessageLatencyMeter(150, 100, bytes, 2));
    }
}
