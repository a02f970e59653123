package io.github.hessiantime.demo.api;

import java.util.List;

/** The demo service: orders whose fields are dates and times of every common kind. */
public interface OrderService {

    /** Stores {@code order} and returns the stored copy. */
    Order place(Order order);

    /** The Date-DTOs of the throughput comparison: returns the provider's copy of a page of timelines. */
    List<DateTimeline> echoDates(List<DateTimeline> page);

    /** The LocalDateTime-DTOs of the throughput comparison: the same timelines with {@code LocalDateTime}s. */
    List<LocalDateTimeTimeline> echoLocalDateTimes(List<LocalDateTimeTimeline> page);
}
