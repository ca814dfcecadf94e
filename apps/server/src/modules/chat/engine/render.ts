import {
  BADGES,
  CO2_GRAMS_PER_KM,
  type DonationStatus,
  type RequestStatus,
} from '@annasetu/domain';
import type {
  FoodLine,
  MyDonations,
  MyImpact,
  MyRequests,
  MyTokens,
  NearbyDonations,
  NextSteps,
  OpenItem,
} from '../chat.tools.js';
import type { AnswerPack, NextStep, Phrases } from './phrases.js';
import type { Lang } from './types.js';

/**
 * Turns tool results into sentences in the chosen language. Numbers use Indian grouping with
 * Latin digits; relative times come from Intl, which knows all eight languages.
 */
export class Renderer {
  readonly phrases: Phrases;
  private readonly numbers: Intl.NumberFormat;
  private readonly relative: Intl.RelativeTimeFormat;

  constructor(
    readonly lang: Lang,
    pack: AnswerPack,
  ) {
    this.phrases = pack.phrases;
    // Indian grouping (1,00,000) with the Latin digits the rest of the app uses.
    const locale = `${lang}-IN-u-nu-latn`;
    this.numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    this.relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  }

  number(value: number): string {
    return this.numbers.format(value);
  }

  /** "in 3 hours" / "45 minutes ago", rounded to what a person would say. */
  relativeTime(at: Date, now = Date.now()): string {
    const minutes = Math.round((at.getTime() - now) / 60_000);
    if (Math.abs(minutes) < 90) return this.relative.format(minutes, 'minute');
    const hours = Math.round(minutes / 60);
    if (Math.abs(hours) < 48) return this.relative.format(hours, 'hour');
    return this.relative.format(Math.round(hours / 24), 'day');
  }

  food(line: FoodLine): string {
    return `${line.foodType} (${this.phrases.quantity(this.number(line.quantity), line.unit, line.quantity)})`;
  }

  private breakdown<S extends string>(
    counts: Partial<Record<S, number>>,
    labels: Record<S, string>,
  ): string {
    return (Object.entries(counts) as Array<[S, number]>)
      .filter(([, n]) => n > 0)
      .map(([status, n]) => `${this.number(n)} ${labels[status]}`)
      .join(', ');
  }

  donations(result: MyDonations): string {
    const p = this.phrases;
    if (!result.canDonate) return p.notDonor;
    const total = Object.values(result.counts).reduce((a, b) => a + (b ?? 0), 0);
    if (total === 0) return p.noDonations;
    const label = (s: DonationStatus) => p.donationStatus[s];
    const head = result.status
      ? result.items.length === 0
        ? p.noDonationsWithStatus(label(result.status))
        : p.donationsWithStatus(
            result.counts[result.status] ?? result.items.length,
            label(result.status),
          )
      : p.donationsSummary(total, this.breakdown(result.counts, p.donationStatus));
    if (result.items.length === 0) return head;
    const lines = result.items.map((d) => {
      const parts = [this.food(d), label(d.status)];
      if (d.status === 'pending') parts.push(p.expires(this.relativeTime(d.expiryTime)));
      if (d.status === 'accepted' && d.volunteerName) parts.push(p.carriedBy(d.volunteerName));
      return `• ${parts.join(' · ')}`;
    });
    return [head, p.latest, ...lines].join('\n');
  }

  requests(result: MyRequests): string {
    const p = this.phrases;
    const total = Object.values(result.counts).reduce((a, b) => a + (b ?? 0), 0);
    const label = (s: RequestStatus) => p.requestStatus[s];
    if (total === 0) return p.noRequests;
    if (result.status && result.items.length === 0) {
      return p.noRequestsWithStatus(label(result.status));
    }
    const head = p.requestsSummary(total, this.breakdown(result.counts, p.requestStatus));
    const lines = result.items.map(
      (r) => `• ${this.food(r)} · ${p.requestSide[r.side]} · ${label(r.status)}`,
    );
    return [head, p.latest, ...lines].join('\n');
  }

  tokens(result: MyTokens): string {
    return this.phrases.tokens(result.tokens, result.audience);
  }

  impact(result: MyImpact): string {
    const p = this.phrases;
    const co2 = this.number(result.co2Kg);
    const lines: string[] = [];
    if (result.audience === 'volunteer') {
      lines.push(p.impactVolunteer(co2, result.stats.deliveriesCompleted));
    } else if (result.audience === 'receiver') {
      lines.push(p.impactReceiver(co2, result.stats.deliveriesReceived));
    } else {
      lines.push(
        p.impactDonor(
          co2,
          this.number(result.stats.mealsDonated),
          this.number(result.stats.kgDonated),
          result.stats.donationsMade,
        ),
      );
    }
    if (result.co2Kg > 0)
      lines.push(p.impactEquivalent(this.number((result.co2Kg * 1000) / CO2_GRAMS_PER_KM)));
    const earned = BADGES.filter((b) => result.badges.includes(b.id)).map(
      (b) => p.badgeNames[b.id],
    );
    lines.push(earned.length > 0 ? p.badges(earned.join(', ')) : p.noBadges);
    lines.push(
      result.nextMilestone === null
        ? p.allMilestones
        : p.nextMilestone(this.number(result.nextMilestone), this.number(result.remainingKg)),
    );
    return lines.join('\n');
  }

  nearby(result: NearbyDonations): string {
    const p = this.phrases;
    if (!result.hasFeed) return p.noFeed;
    const radius = this.number(result.radiusKm);
    const lines: string[] = [];
    if (result.items.length === 0) lines.push(p.nearbyNone(radius));
    else {
      lines.push(p.nearbyHeader(result.items.length, radius));
      for (const d of result.items) {
        const parts = [this.food(d)];
        if (d.distanceKm !== null) parts.push(p.distance(this.number(d.distanceKm)));
        parts.push(p.expires(this.relativeTime(d.expiryTime)));
        lines.push(`• ${parts.join(' · ')}`);
      }
    }
    if (!result.hasLocation) lines.push(p.noLocation);
    return lines.join('\n');
  }

  next(result: NextSteps): string {
    const p = this.phrases;
    if (result.items.length === 0) return p.nothingOpen(result.audience);
    return [p.nextHeader, ...result.items.map((item) => `• ${p.next(this.step(item))}`)].join('\n');
  }

  private step(item: OpenItem): NextStep {
    if (item.kind === 'await_request') {
      return {
        kind: item.kind,
        foodType: item.foodType,
        expiresIn: this.phrases.expires(this.relativeTime(item.expiryTime)),
      };
    }
    return item;
  }
}
