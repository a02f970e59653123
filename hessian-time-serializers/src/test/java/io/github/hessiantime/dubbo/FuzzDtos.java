package io.github.hessiantime.dubbo;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Date;

/**
 * The fuzz targets' DTOs for migrating fields (issue 24): three versions of one bean whose fields change type between
 * {@code Date} and java.time. Their simple names have one length, so a stream written with one names another with
 * its bytes renamed in place, as a peer with the other version of the DTO has it (the seeds of
 * {@code StrictBeanPagesFuzzTest} are written so).
 */
final class FuzzDtos {
    private FuzzDtos() {
    }

    static final class DateAt implements Serializable {
        Date at;
        Instant stamp;
        LocalDateTime local;
    }

    static final class TimeAt implements Serializable {
        Instant at;
        Date stamp;
        Date local;
    }

    static final class ZoneAt implements Serializable {
        ZonedDateTime at;
        OffsetDateTime stamp;
        Date local;
    }
}
