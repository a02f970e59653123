package io.github.hessiantime.bench.records;

import java.io.Serializable;
import java.time.Instant;

/** {@code InstantRow} (sample-dtos) as a record: the same five fields, the page's same values. */
public record InstantRecordRow(Instant createdAt, Instant updatedAt, Instant paidAt, Instant shippedAt,
                               Instant deliveredAt) implements Serializable {

    public static InstantRecordRow of(Instant[] moments) {
        return new InstantRecordRow(moments[0], moments[1], moments[2], moments[3], moments[4]);
    }
}
