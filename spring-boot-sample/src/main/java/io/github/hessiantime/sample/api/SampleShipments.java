package io.github.hessiantime.sample.api;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/** Fixed sample values, so that each side can build the value the other one must have sent. */
public final class SampleShipments {

    private SampleShipments() {
    }

    /**
     * Shipment {@code id}: nanosecond instants, a local time in a DST overlap (2026-10-25 02:30 Europe/Berlin
     * happens twice; the later offset must survive) and a multi-day duration.
     */
    public static Shipment shipment(long id) {
        Instant dispatched = Instant.parse("2026-03-01T08:15:30.123456789Z").plusSeconds(id * 61);
        ZonedDateTime delivery = LocalDateTime.of(2026, 10, 25, 2, 30).plusMinutes(id % 7)
                .atZone(ZoneId.of("Europe/Berlin")).withLaterOffsetAtOverlap();
        return new Shipment(id, dispatched, LocalDateTime.of(2026, 3, 2, 9, 0).plusHours(id % 24), delivery,
                LocalDate.of(2026, 3, 1).plusDays(id % 30), Duration.ofHours(50).plusNanos(id));
    }
}
