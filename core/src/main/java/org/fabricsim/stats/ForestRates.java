package org.fabricsim.stats;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Seed 002 Paper IV's measures of a congestion forest (digest §3.3): the average receive rate of the
 * hotspots and of the other hosts, of all hosts, and the total network throughput, over the measurement
 * window. With moving hotspots only the all-host average and the total are defined (Paper IV reports the
 * average receive rate of all nodes for moving trees).
 */
public final class ForestRates {
    private ForestRates() {
    }

    /**
     * @param receiverGbps each host's mean receive rate over the window
     * @param hotspots the hotspots (distinct hosts), or null when they move
     */
    public static Map<String, Object> of(double[] receiverGbps, int[] hotspots) {
        double total = 0;
        for (double g : receiverGbps) {
            total += g;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("total_gbps", total);
        m.put("all_receive_gbps", total / receiverGbps.length);
        if (hotspots != null) {
            double hot = 0;
            for (int h : hotspots) {
                hot += receiverGbps[h];
            }
            int others = receiverGbps.length - hotspots.length;
            m.put("hotspot_receive_gbps", hot / hotspots.length);
            m.put("non_hotspot_receive_gbps", others == 0 ? null : (total - hot) / others);
        }
        return m;
    }
}
