package org.fabricsim.ib;

/**
 * Where a part of a partitioned packet network sends the events that cross to another part: packet heads
 * (with the packet's fields, since pools are per part) and credits, each with the tie key its sender gave it,
 * so the receiving part orders them exactly as a sequential run would (DESIGN.md, "Packet engine").
 */
interface Crossing {
    void packet(int toPart, long time, long tie, int target, int flow, int payload, int wire, int blocks, int vl,
            long injectedPs, long tailPs);

    void credit(int toPart, long time, long tie, int target, long payload);
}
