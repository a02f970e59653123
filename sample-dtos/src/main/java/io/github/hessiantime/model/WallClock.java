package io.github.hessiantime.model;

import java.time.ZoneOffset;

/** The wall clock of every {@code LocalDateTime} in the sample DTOs, so each side can rebuild the value it expects. */
public final class WallClock {

    /** UTC+8: a fixed offset, so no daylight-saving gap or overlap makes two moments share one wall-clock time. */
    public static final ZoneOffset ZONE = ZoneOffset.ofHours(8);

    private WallClock() {
    }
}
