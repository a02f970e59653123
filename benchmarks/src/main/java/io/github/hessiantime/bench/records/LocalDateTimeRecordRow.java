package io.github.hessiantime.bench.records;

import io.github.hessiantime.model.WallClock;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;

/**
 * {@code LocalDateTimeRow} (sample-dtos) as a record: the same five fields, the page's same values. Records need
 * Java 16+, so the record pages live in this module (Java 17), not in sample-dtos (Java 8).
 */
public record LocalDateTimeRecordRow(LocalDateTime createdAt, LocalDateTime updatedAt, LocalDateTime paidAt,
                                     LocalDateTime shippedAt, LocalDateTime deliveredAt) implements Serializable {

    /** The row of the five page moments, on the sample DTOs' wall clock, as {@code LocalDateTimeRow(Instant[])}. */
    public static LocalDateTimeRecordRow of(Instant[] moments) {
        return new LocalDateTimeRecordRow(local(moments[0]), local(moments[1]), local(moments[2]), local(moments[3]),
                local(moments[4]));
    }

    private static LocalDateTime local(Instant moment) {
        return LocalDateTime.ofInstant(moment, WallClock.ZONE);
    }
}
